// ./pusher.js is pusher-js built from its own sources with ./runtime.js (scripts/build-pusher-client.mjs,
// run by `npm install`): the same class and API as the package's, WebSocket transport only.
export { default } from 'pusher-js';
