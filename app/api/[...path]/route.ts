import type { NextRequest } from 'next/server';
import { proxyToUpstream } from '@/lib/bff/proxy';

export const dynamic = 'force-dynamic';

const handler = (request: NextRequest): Promise<Response> => proxyToUpstream(request);

export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
