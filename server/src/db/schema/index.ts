export * from './accounts';
export * from './backups';
export * from './content';
export * from './mail';
export * from './media';
export * from './revisions';
export * from './uploads';
