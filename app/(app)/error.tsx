'use client';

import { ErrorState } from '@/components/ui/ErrorState';

/** A page of the main layout failed: the sidebar and the player stay, the page says so. */
export default function AppError({ error }: { error: Error & { digest?: string } }) {
  return <ErrorState error={error} />;
}
