import { logout } from '@/lib/api/auth';
import { deliverWaitingReports } from './play-reports';
import { forgetMedia } from './media-cache';
import { forgetPush } from './push-device';

/**
 * What this browser does when its login ends, in this order: the proof-of-play reports still
 * waiting go out and this device's push subscription is deleted while the login can still send them,
 * then the audio device's media cache and its
 * service worker go, so a shared counter PC keeps no media (the browser's other cookies stay).
 */
export async function logOutThisDevice(): Promise<void> {
  await deliverWaitingReports();
  await forgetPush();
  try {
    await logout();
  } catch {
    // SPEC.md §8: a failed logout is ignored; what follows shows whatever state the server has.
  }
  await forgetMedia();
}

/**
 * The login already ended elsewhere (another tab, a password reset, its session's end): reports
 * are tried once more (a report the API refuses stays for this browser's next login), then the
 * media goes as at a logout.
 */
export async function leaveEndedLogin(): Promise<void> {
  await deliverWaitingReports();
  await forgetMedia();
}
