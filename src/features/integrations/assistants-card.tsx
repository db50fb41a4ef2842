import { Card } from '../../ui/card.tsx';
import { SecretValue } from '../../ui/secret-value.tsx';
import styles from './integrations.module.css';

const tools = [
  'Who am I: your name, role and team',
  'Log time on a task for a day',
  'Show my week: the time you logged',
  'Start and stop the timer',
  'Search tasks by name',
  'Submit my week for approval',
];

/** How to connect an AI assistant (an MCP client) to Timekeep: the address, how it signs in, what it can do. */
export function AssistantsCard({ apiBaseUrl }: { apiBaseUrl: string }) {
  const url = `${apiBaseUrl}/mcp`;
  const config = JSON.stringify({ mcpServers: { timekeep: { type: 'http', url } } }, null, 2);
  return (
    <Card title="Assistants">
      <p className="card__text">
        AI assistants that speak the Model Context Protocol (MCP) can log and read your time. Add Timekeep to the assistant as a remote
        (streamable HTTP) server with this address:
      </p>
      <SecretValue value={url} what="assistant address" masked={false} />
      <p className="card__text">
        The assistant opens a Timekeep sign-in page the first time: sign in and allow it. It then acts as you, with your role&apos;s
        permissions, and shows up under Connected apps, where you can revoke it. No API key is needed.
      </p>
      <h3 className={styles.subhead}>What it can do</h3>
      <ul className={styles.bullets}>
        {tools.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <details className={styles.details}>
        <summary>Configuration file for clients that take one</summary>
        <SecretValue value={config} what="configuration" masked={false} />
      </details>
    </Card>
  );
}
