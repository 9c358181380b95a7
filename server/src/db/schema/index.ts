export * from './accounts';
export * from './content';
export * from './mail';
export * from './media';
export * from './uploads';
export * from './backups';
