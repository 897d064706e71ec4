import { z } from 'zod';
import { routeIdSchema } from './fields';

/** Tracks per page of a channel's or a playlist's `…/tracks/{page}` (Laravel's `paginate(15)`). */
export const TRACKS_PER_PAGE = 15;

/** `GET …/tracks/{page}` (or `?page=`): a positive page number. */
export const pageMessage = 'Az oldalszám csak pozitív egész szám lehet.';
export const pageParamSchema = z.object({
  page: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: pageMessage }).int({ error: pageMessage }).min(1, { error: pageMessage }),
  ),
});

/** One entry of a Laravel paginator's `links` (labels are Laravel's literal strings). */
export const paginatorLinkSchema = z.object({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
  page: z.number().nullable().optional(),
});
export type PaginatorLink = z.infer<typeof paginatorLinkSchema>;

/**
 * Laravel's flat `LengthAwarePaginator` JSON (`Model::paginate()` returned directly).
 * `from` / `to` are null on an empty page; an empty `data` means the end of the list.
 */
export function paginatorSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    current_page: z.number(),
    data: z.array(item),
    first_page_url: z.string(),
    from: z.number().nullable(),
    last_page: z.number(),
    last_page_url: z.string(),
    links: z.array(paginatorLinkSchema),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number(),
    prev_page_url: z.string().nullable(),
    to: z.number().nullable(),
    total: z.number(),
  });
}
export type Paginator<T> = {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: PaginatorLink[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
};

/**
 * `GET …/{id}/tracks/{page}`: the owner's id (else 404) and the page as written; the route reads
 * the page as `pageParamSchema` from `?page=`, or from the path when the query has none.
 */
export const trackPageParamsSchema = z.object({ id: routeIdSchema, page: z.string() });
