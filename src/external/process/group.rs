//! A child in a process group of its own: started ([`spawn`], patient with a program file still
//! busy), killed with everything it started ([`kill_group`]), and always reaped ([`Guard`]).

use std::process::{Child, Command};
use std::time::Duration;

/// Kills the child's process group unless it was let go, and always reaps the child.
pub(super) struct Guard<'a> {
    pub(super) child: &'a mut Child,
}

impl Guard<'_> {
    pub(super) fn kill(&mut self) {
        kill_group(self.child);
    }
}

impl Drop for Guard<'_> {
    fn drop(&mut self) {
        super::cleanup::forget_group(self.child.id());
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            kill_group(self.child);
        }
        let _ = self.child.wait();
    }
}

/// Kills the child and everything in its process group. The child is not reaped yet, so its
/// process group id cannot have been reused.
pub(super) fn kill_group(child: &mut Child) {
    let group = child.id() as libc::pid_t;
    // SAFETY: kill(2) with a negative pid signals a process group; no memory is involved.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    let _ = child.kill();
}

/// Starts the command, trying again for a short while when the program file is still held open
/// for writing. A script written just before it is run (a stand-in, a freshly built binary) can
/// be busy for a moment because another thread forked while the file was open: the child keeps
/// the descriptor until its own exec, and the kernel refuses to run the file meanwhile.
pub(super) fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    const TRIES: u32 = 50;
    let mut tries = 0;
    loop {
        match cmd.spawn() {
            Ok(child) => {
                super::cleanup::kill_on_signal(child.id());
                return Ok(child);
            }
            Err(error)
                if error.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < TRIES =>
            {
                tries += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            other => return other,
        }
    }
}
