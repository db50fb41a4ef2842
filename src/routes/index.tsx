import { createFileRoute, redirect } from '@tanstack/react-router';

/** Home is the profile until the timesheet arrives. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/profile', replace: true });
  },
});
