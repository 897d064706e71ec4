import type { Metadata } from 'next';
import {
  WeeklyReportBadWeek,
  WeeklyReportFailed,
  WeeklyReportUnavailable,
  WeeklyReportView,
} from '@/components/reports/WeeklyReportView';
import { reports } from '@/lib/i18n/hu/reports';
import { getWeeklyReportPage } from '@/lib/server';

export const metadata: Metadata = { title: reports.heading };

/** 'Heti jelentés': the week in the address (`?week=2026-W48`), else the shop's current week so far. */
export default async function ReportsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).week;
  const week = typeof raw === 'string' && raw ? raw : null;
  const page = await getWeeklyReportPage(week);
  switch (page.state) {
    case 'unavailable':
      return <WeeklyReportUnavailable />;
    case 'bad-week':
      return <WeeklyReportBadWeek />;
    case 'failed':
      return <WeeklyReportFailed week={week} />;
    default:
      return <WeeklyReportView report={page.report} />;
  }
}
