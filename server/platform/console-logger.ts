import type { FastifyServerOptions } from 'fastify';
import type { Settings } from '../env.ts';

const redact = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrftoken"]'];

/**
 * Whether the console is read by a person: stdout is a terminal, or a tool in between that forwards to one says so
 * with FORCE_COLOR (`npm run dev`'s concurrently does). LOG_FORMAT overrides the guess.
 */
export function logsForPeople(format: Settings['LOG_FORMAT'], stdout: { isTTY?: boolean } = process.stdout, env = process.env) {
  if (format) return format === 'pretty';
  return stdout.isTTY === true || (!!env.FORCE_COLOR && env.FORCE_COLOR !== '0');
}

/**
 * The server's logger: JSON records (pino's own, for a log collector) when stdout is piped, readable lines (pino-pretty,
 * in this thread so nothing is lost at exit) when a person reads it. A request reads as one line when it comes in and
 * one when it is answered, tied by its id.
 */
export async function consoleLogger(settings: Pick<Settings, 'LOG_LEVEL' | 'LOG_FORMAT'>): Promise<FastifyServerOptions['logger']> {
  if (!logsForPeople(settings.LOG_FORMAT)) return { level: settings.LOG_LEVEL, redact };
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { reqId, req, res, responseTime } = log as { reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };
      const parts = [reqId, String(log[messageKey])];
      if (req) parts.push(req.method, req.url);
      if (res) parts.push(String(res.statusCode), responseTime === undefined ? '' : `in ${Math.round(responseTime)} ms`);
      return parts.filter(Boolean).join(' ');
    },
  });
  return { level: settings.LOG_LEVEL, redact, stream };
}
