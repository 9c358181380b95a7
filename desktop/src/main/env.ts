/** The environment the desktop app's main process reads, parsed once with zod. No electron import. */
import { z } from 'zod';
import { ServerUrl } from '../shared/ipc';

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

export const DesktopEnv = z.object({
  /** Server to connect to; overrides (and is saved over) the stored setting. */
  ATELIER_SERVER_URL: z.preprocess(unsetIfEmpty, ServerUrl.optional()),
  /** Another userData folder, so tests and second profiles do not touch the real one. */
  ATELIER_USER_DATA_DIR: z.preprocess(unsetIfEmpty, z.string().optional()),
  /** Set by `electron-vite dev` to the renderer's dev server; ignored in a packaged app. */
  ELECTRON_RENDERER_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
});
export type DesktopEnv = z.infer<typeof DesktopEnv>;

export function parseDesktopEnv(env: Record<string, string | undefined>): DesktopEnv {
  const result = DesktopEnv.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for Atelier desktop:\n${problems.join('\n')}`);
  }
  return result.data;
}
