import { EmptyState } from '@/components/ui/EmptyState';
import { hu } from '@/lib/i18n/hu';
import { PageHeading } from './PageHeading';

export type ComingSoonPage = Exclude<keyof typeof hu.comingSoon, 'title'>;

/** A page behind a real menu item whose feature is still to come: its heading and what will be there. */
export function ComingSoon({ heading, page }: { heading: string; page: ComingSoonPage }) {
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <EmptyState title={hu.comingSoon.title} text={hu.comingSoon[page]} />
    </>
  );
}
