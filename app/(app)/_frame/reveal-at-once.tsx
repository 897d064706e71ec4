import { headers } from 'next/headers';

/**
 * React's server renderer reveals a streamed Suspense boundary at the earliest 300 ms after the
 * shell's first frame (`$RT`, set by its inline runtime), to batch the reveals of many boundaries.
 * A logged-in page has one boundary, around its own reads: the frame and the page's heading are the
 * shell, and the rows follow as soon as they arrive (LCP − FCP ≤ 150 ms). With the throttle, every
 * list page would show its heading alone for 300 ms. This script, in the shell before React's runtime
 * writes `$RT`, keeps that variable unset, so React reveals each boundary at the next frame, as it
 * does when no shell time is known.
 */
const SCRIPT =
  "Object.defineProperty(window,'$RT',{configurable:true,get:function(){return undefined},set:function(){}});";

/** The request's script nonce, as the proxy put it in the request's Content-Security-Policy. */
async function scriptNonce(): Promise<string | undefined> {
  const policy = (await headers()).get('content-security-policy') ?? '';
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}

export async function RevealAtOnce() {
  const nonce = await scriptNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
