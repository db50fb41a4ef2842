import { createFileRoute, redirect } from '@tanstack/react-router';

/** Home is the weekly timesheet (which puts this week in the URL). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/timesheet', replace: true });
  },
});
