//! Popeye moves (to come).
