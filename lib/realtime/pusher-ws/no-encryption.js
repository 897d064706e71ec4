// `private-encrypted-` channels need tweetnacl, which this app does not load (nor use).
export default class EncryptedChannel {
  constructor(name) {
    throw new Error(`${name}: encrypted channels are not part of this build of pusher-js`);
  }
}
