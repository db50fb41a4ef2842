import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as users from '../../api/operations/users.ts';
import { Switch } from '../../ui/inputs/switch.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './team.module.css';

const securityKey = ['team', 'security'] as const;

/** Admins: whether the whole team must sign in with two-factor (`GET`/`PUT /team/security`). */
export default function TeamSecurity() {
  const api = useApi();
  const queryClient = useQueryClient();
  const security = useQuery({
    queryKey: securityKey,
    queryFn: ({ signal }) => api.call(users.teamSecurity, { signal }),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (requireTwoFactor: boolean) => api.call(users.updateTeamSecurity, { body: { requireTwoFactor } }),
    onSuccess: (data) => {
      queryClient.setQueryData(securityKey, data);
      toast(
        data.requireTwoFactor
          ? 'Two-factor sign-in is required: people without it set it up at their next sign-in.'
          : 'Two-factor sign-in is optional.',
        'success',
      );
    },
    onError: (e) => toast(`Could not change the setting: ${describeError(e)}`, 'error'),
  });
  const value = save.isPending ? (save.variables ?? false) : (security.data?.requireTwoFactor ?? false);
  return (
    <section className={styles.security} aria-label="Sign-in security">
      <Switch
        label="Require two-factor sign-in for everyone"
        value={value}
        disabled={!security.data || save.isPending}
        onChange={(next) => save.mutate(next)}
        hint={
          security.error
            ? `Could not load the setting: ${describeError(security.error)}`
            : 'People without two-factor set it up (an authenticator app code) at their next sign-in. Everyone manages theirs on the server\u2019s account page.'
        }
      />
    </section>
  );
}
