import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf } from '../../api/operation.ts';
import * as users from '../../api/operations/users.ts';
import { LOCALE_NAMES } from '../../i18n/locale-names.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { activateLocale, currentLocale } from '../../i18n/runtime.ts';
import { Card } from '../../ui/card.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { toast } from '../../ui/toast.tsx';

type Me = AnswerOf<typeof users.me>;
// Each language is named in itself, so anyone finds their own whatever the app speaks now.
const options = LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }));

/** The language the app speaks to this user: kept on the server (`PUT /users/me`), so it follows them to any device. */
export function LanguageCard({ user }: { user: User }) {
  const { t } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (locale: Locale) => api.call(users.updateMe, { body: { locale } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData<Me>(keys.users.me, (old) => (old ? { ...old, locale: saved.locale } : old));
      if (saved.locale) await activateLocale(saved.locale, window.localStorage);
    },
    onError: () => toast(t`Your language could not be saved. Try again.`, 'error'),
  });
  return (
    <Card title={t`Language`}>
      <p className="card__text">
        <Trans>The language Timekeep speaks to you, on every device you sign in on.</Trans>
      </p>
      <SelectField
        label={t`Language`}
        options={options}
        value={save.isPending ? save.variables : (user.locale ?? currentLocale())}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as Locale)}
      />
    </Card>
  );
}
