/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export const toDateTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
/** `YYYY-MM-DD` of a Date in UTC. */
export const toDate = (d: Date) => d.toISOString().slice(0, 10);
