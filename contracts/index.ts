export * from './errors';
export * from './auth';
export * from './pagination';
export * from './tracks';
export * from './channels';
export * from './player';
export * from './playlists';
export * from './realtime';
