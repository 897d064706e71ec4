/**
 * Every Hungarian UI string of the web app. Texts quoted by the specification are copied exactly
 * (including their spelling); the rest are written for a busy shop manager.
 *
 * Each area is a module of its own (lib/i18n/hu/<area>.ts): a client module imports the areas it
 * reads, so a page's bundles do not carry every text of the app. This barrel is for the server
 * side and the tests.
 */
export { app } from './hu/app';
export { errors } from './hu/errors';
export { nav } from './hu/nav';
export { header } from './hu/header';
export { pages } from './hu/pages';
export { form } from './hu/form';
export { toast } from './hu/toast';
export { sort } from './hu/sort';
export { table } from './hu/table';
export { upload } from './hu/upload';
export { format } from './hu/format';
export { auth } from './hu/auth';
export { channels } from './hu/channels';
export { tracks } from './hu/tracks';
export { playlists } from './hu/playlists';
export { player } from './hu/player';
export { realtime } from './hu/realtime';
export { version } from './hu/version';
export { mixer } from './hu/mixer';
export { scheduler } from './hu/scheduler';
export { spots } from './hu/spots';
export { sounds } from './hu/sounds';
export { settings } from './hu/settings';
export { tutorial } from './hu/tutorial';
export { help } from './hu/help';
export { screen } from './hu/screen';
