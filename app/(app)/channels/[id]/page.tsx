import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChannelDetail } from '@/components/channels/ChannelDetail';
import { AppProviders } from '@/components/layout/AppProviders';
import { getChannel, getChannelPage } from '@/lib/server';

interface Props {
  params: Promise<{ id: string }>;
}

function channelId(raw: string): number {
  // Anything but a plain positive id is a page that does not exist; it never reaches the API.
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  return Number(raw);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const channel = await getChannel(channelId((await params).id));
  return { title: channel.name };
}

export default async function ChannelPage({ params }: Props) {
  const id = channelId((await params).id);
  const { channel, firstPage, fallback } = await getChannelPage(id);
  return (
    <AppProviders fallback={fallback}>
      <ChannelDetail key={id} channel={channel} firstPage={firstPage} />
    </AppProviders>
  );
}
