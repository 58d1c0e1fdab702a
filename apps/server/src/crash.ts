// Crash points for the tests that kill the real server at a step (CRASH_AT, never set in
// production): the process dies at once, as on a power cut, with nothing flushed or rolled back by
// the app itself.
import type { CrashPoint } from './config';

export function crashIf(point: CrashPoint, at: CrashPoint | undefined) {
  if (point === at) process.kill(process.pid, 'SIGKILL');
}
