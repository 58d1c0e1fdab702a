// Mounts its children in a commit of their own, a task after its own mount: a part below the fold
// (the game's positions, Flip's flips) then does not add its DOM and effects to the commit of the
// form above it, which on a slow phone made one long task of both. `placeholder` holds the room.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { startInNextTask } from '@/lib/next-task';

export function MountLater({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startInNextTask(() => startTransition(() => setReady(true))), []);
  return ready ? children : placeholder;
}
