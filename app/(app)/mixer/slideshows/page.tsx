import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.mixer.headings.slideshows };

export default function SlideshowsPage() {
  return <PageHeading>{hu.mixer.headings.slideshows}</PageHeading>;
}
