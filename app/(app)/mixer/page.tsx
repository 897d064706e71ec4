import { redirect } from 'next/navigation';

export default function MixerPage(): never {
  redirect('/mixer/scheduler');
}
