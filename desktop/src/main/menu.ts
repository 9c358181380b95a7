/** The application menu: usual roles and shortcuts, the macOS app menu, and the app's own commands. */
import { app, type BrowserWindow, Menu, type MenuItemConstructorOptions } from 'electron';
import type { IpcEvents } from '../shared/ipc';

export interface MenuActions {
  command(command: IpcEvents['command']): void;
  navigate(path: string): void;
}

const PAGES: [string, string][] = [
  ['Dashboard', '/admin/dashboard'],
  ['Projects', '/admin/projects'],
  ['Blog', '/admin/blog'],
  ['Media Library', '/admin/media'],
  ['Inquiries', '/admin/inquiries'],
  ['Settings', '/admin/settings'],
];

export function buildMenu(actions: MenuActions, { dev }: { dev: boolean }): Menu {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Add Files…', accelerator: 'CmdOrCtrl+O', click: () => actions.command('add-files') },
        {
          label: 'Add Folder…',
          accelerator: 'CmdOrCtrl+Shift+O',
          click: () => actions.command('add-folder'),
        },
        { type: 'separator' },
        { label: 'Switch Server…', click: () => actions.command('switch-server') },
        { type: 'separator' },
        { label: 'Sign Out', click: () => actions.command('sign-out') },
        { label: 'Sign Out Everywhere…', click: () => actions.command('sign-out-everywhere') },
        ...(mac ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(dev
          ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Go',
      submenu: PAGES.map(([label, path], index) => ({
        label,
        accelerator: `CmdOrCtrl+${index + 1}`,
        click: () => actions.navigate(path),
      })),
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: `Atelier ${app.getVersion()}`, enabled: false }],
    },
  ];
  return Menu.buildFromTemplate(template);
}

export type { BrowserWindow };
