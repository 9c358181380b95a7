import { parseEnv } from '../../server/src/env';

/** The environment of a test server: loopback, a free port, quiet logs. */
export function testEnv(dataDir: string, extra: Record<string, string> = {}) {
  return parseEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...extra,
  });
}
