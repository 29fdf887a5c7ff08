// How long a piece of work holds the event loop (issue 42): a ticker turns the loop (one
// setImmediate after another) while the work runs, and the longest gap between two ticks is what
// any other request would have waited. Measured in this thread's CPU time, so that a machine busy
// with other processes does not add to it, and in wall time for the record.

export interface Hold<T> {
  result: T;
  /** The longest stretch between two turns of the loop, in CPU milliseconds of this thread. */
  cpuMs: number;
  /** The same stretch in wall-clock milliseconds (includes time the machine gave to others). */
  wallMs: number;
  /** How many times the loop turned while the work ran. */
  turns: number;
}

/** This thread's CPU time so far, in milliseconds. */
function cpu() {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** Runs `work` and says how long, at most, it held the event loop between two turns. */
export async function holdOf<T>(work: () => Promise<T>): Promise<Hold<T>> {
  let running = true;
  let turns = 0;
  let cpuMs = 0;
  let wallMs = 0;
  let lastCpu = cpu();
  let lastWall = performance.now();
  const measure = () => {
    const [nowCpu, nowWall] = [cpu(), performance.now()];
    cpuMs = Math.max(cpuMs, nowCpu - lastCpu);
    wallMs = Math.max(wallMs, nowWall - lastWall);
    [lastCpu, lastWall] = [nowCpu, nowWall];
  };
  const tick = () => {
    measure();
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    // The stretch from the last turn to the work's end counts too.
    measure();
    return { result, cpuMs, wallMs, turns };
  } finally {
    running = false;
  }
}
