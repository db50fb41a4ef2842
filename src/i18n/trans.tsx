import { TransNoContext, type TransProps } from '@lingui/react/server';
import { useLingui } from './react.ts';

/**
 * What the `<Trans>` macro renders in this app (scripts/lingui-macro.ts points it here): the message with its
 * values and inline elements, in the language in use. Only the screens with such messages load it.
 */
export function Trans(props: TransProps) {
  const { i18n } = useLingui();
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
