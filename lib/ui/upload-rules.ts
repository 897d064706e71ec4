import { upload } from '@/lib/i18n/hu/upload';

const hu = { upload };

/** What a picker takes (SPEC.md §5): sounds and spots one MP3; slideshow images and the logo JPEG/PNG. */
export type UploadKind = 'audio' | 'image';

interface Rule {
  /** The picker's `accept`: the browser's first filter, never the judge. */
  accept: string;
  types: readonly string[];
  extensions: readonly string[];
  maxFiles: number;
  typeMessage: string;
}

export const UPLOAD_RULES: Record<UploadKind, Rule> = {
  audio: {
    accept: 'audio/mpeg,.mp3',
    // Some systems name MP3 audio/mp3; the server judges the content anyway.
    types: ['audio/mpeg', 'audio/mp3'],
    extensions: ['mp3'],
    maxFiles: 1,
    typeMessage: hu.upload.audioOnly,
  },
  image: {
    accept: 'image/jpeg,image/png,.jpg,.jpeg,.png',
    types: ['image/jpeg', 'image/png'],
    extensions: ['jpg', 'jpeg', 'png'],
    maxFiles: 10,
    typeMessage: hu.upload.imageOnly,
  },
};

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function fits(file: File, rule: Rule): boolean {
  // A browser that cannot tell the type gives '': then the name decides.
  if (file.type) return rule.types.includes(file.type.toLowerCase());
  return rule.extensions.includes(extension(file.name));
}

/** Why a pick is refused, in Hungarian, or null when it may go to the server. */
export function checkFiles(
  files: readonly File[],
  kind: UploadKind,
  maxFiles = UPLOAD_RULES[kind].maxFiles,
): string | null {
  const rule = UPLOAD_RULES[kind];
  if (files.length > maxFiles) return maxFiles === 1 ? hu.upload.oneFile : hu.upload.tooMany(maxFiles);
  if (files.some((file) => !fits(file, rule))) return rule.typeMessage;
  return null;
}
