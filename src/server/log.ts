/** Structured JSON logs: one line per event, with the request id so a request can be traced. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

type Level = 'info' | 'warn' | 'error';
const RANK: Record<Level, number> = { info: 0, warn: 1, error: 2 };

export function createLogger(base: Record<string, unknown>, minLevel: string | undefined): Logger {
  const min = RANK[(minLevel as Level) ?? 'info'] ?? 0;
  const write = (level: Level, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < min) return;
    const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...base, ...fields });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
