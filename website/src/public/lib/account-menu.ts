import { type ComponentType, lazy, type ReactNode } from 'react';

type AccountMenu = ComponentType<{ signedOut: ReactNode }>;

let load: (() => Promise<{ default: AccountMenu }>) | undefined;

/**
 * The browser's entry says where the signed-in visitor's account menu comes from (the account area), so
 * the public pages never import the account area themselves; it loads only when a session may exist.
 */
export function setAccountMenuLoader(loader: () => Promise<{ default: AccountMenu }>): void {
  load = loader;
}

export const LazyAccountMenu = lazy(
  (): Promise<{ default: AccountMenu }> =>
    load ? load() : Promise.resolve({ default: ({ signedOut }: { signedOut: ReactNode }) => signedOut }),
);
