import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SecretValue } from '../../ui/secret-value.tsx';
import { toast } from '../../ui/toast.tsx';
import { useRotateApiKey } from './credentials-api.ts';

/** The user's API key: hidden until asked for, copyable, and replaceable when it may have leaked. */
export function ApiKeyCard({ apiKey }: { apiKey: string }) {
  const rotate = useRotateApiKey();
  const [asking, setAsking] = useState(false);
  return (
    <Card title="API key">
      <p className="card__text">
        Scripts and other apps send this key as <code>X-Api-Key</code> to act as you. Keep it secret.
      </p>
      <SecretValue
        // A new key starts hidden again.
        key={apiKey}
        value={apiKey}
        what="API key"
        actions={
          <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
            Rotate key
          </Button>
        }
      />
      {asking && (
        <ConfirmDialog
          title="Replace your API key?"
          message="You get a new key now, and the current one stops working at once: every script or app that uses it will be refused until you give it the new key."
          confirmLabel="Replace the key"
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            try {
              await rotate.mutateAsync();
              setAsking(false);
              toast('Your API key is new. The old one no longer works.', 'success');
            } catch {
              toast('The key could not be replaced. Your current key still works; try again.', 'error');
            }
          }}
        />
      )}
    </Card>
  );
}
