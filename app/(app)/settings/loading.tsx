import { PageLoading } from '@/components/ui/PageLoading';

/** Inside the main layout: the sidebar and the player stay (see channels/(list)/loading.tsx). */
export default function Loading() {
  return <PageLoading />;
}
