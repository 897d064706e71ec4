'use client';

import { ErrorState } from '@/components/ui/ErrorState';

/** A login, reset or forgot page failed: inside the login card, with the same two ways on. */
export default function GuestError({ error }: { error: Error & { digest?: string } }) {
  return <ErrorState error={error} />;
}
