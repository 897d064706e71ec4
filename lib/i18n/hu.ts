/**
 * Every Hungarian UI string of the web app. Texts quoted by the specification are copied exactly
 * (including their spelling); the rest are written for a busy shop manager.
 *
 * Each area is a module of its own (lib/i18n/hu/<area>.ts): a client module imports the areas it
 * reads, so a page's bundles do not carry every text of the app. This barrel is for the server
 * side and the tests.
 */
import { app } from './hu/app';
import { errors } from './hu/errors';
import { nav } from './hu/nav';
import { header } from './hu/header';
import { pages } from './hu/pages';
import { form } from './hu/form';
import { toast } from './hu/toast';
import { sort } from './hu/sort';
import { table } from './hu/table';
import { upload } from './hu/upload';
import { format } from './hu/format';
import { auth } from './hu/auth';
import { channels } from './hu/channels';
import { tracks } from './hu/tracks';
import { playlists } from './hu/playlists';
import { player } from './hu/player';
import { realtime } from './hu/realtime';
import { version } from './hu/version';
import { mixer } from './hu/mixer';
import { slideshows } from './hu/slideshows';
import { screens } from './hu/screens';
import { scheduler } from './hu/scheduler';
import { spots } from './hu/spots';
import { playLog } from './hu/play-log';
import { reports } from './hu/reports';
import { sounds } from './hu/sounds';
import { settings } from './hu/settings';
import { zonePlaces } from './hu/time-zones';
import { tutorial } from './hu/tutorial';
import { help } from './hu/help';
import { screen } from './hu/screen';
import { zones } from './hu/zones';

export {
  app,
  errors,
  nav,
  header,
  pages,
  form,
  toast,
  sort,
  table,
  upload,
  format,
  auth,
  channels,
  tracks,
  playlists,
  player,
  realtime,
  version,
  mixer,
  slideshows,
  screens,
  scheduler,
  spots,
  sounds,
  settings,
  zonePlaces,
  tutorial,
  help,
  screen,
  playLog,
  reports,
  zones,
};

/**
 * All areas in one object, as the texts were before the split. It pulls every area into the bundle
 * of whatever imports it: for the server side and the tests only, not for client modules.
 */
export const hu = {
  app,
  errors,
  nav,
  header,
  pages,
  form,
  toast,
  sort,
  table,
  upload,
  format,
  auth,
  channels,
  tracks,
  playlists,
  player,
  realtime,
  version,
  mixer,
  slideshows,
  screens,
  scheduler,
  spots,
  sounds,
  settings,
  zonePlaces,
  tutorial,
  help,
  screen,
  playLog,
  reports,
  zones,
} as const;
