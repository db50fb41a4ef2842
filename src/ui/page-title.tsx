/** The document's title for a screen: `<title>` is hoisted into the head by React. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} \u00b7 Timekeep`}</title>;
}
