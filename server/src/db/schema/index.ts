export * from './accounts';
export * from './backups';
export * from './content';
export * from './imports';
export * from './mail';
export * from './media';
export * from './trash';
export * from './uploads';
