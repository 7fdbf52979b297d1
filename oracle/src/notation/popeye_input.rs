//! Popeye input (to come).
