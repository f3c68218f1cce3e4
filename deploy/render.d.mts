/** The template with `${NAME}` / `${NAME:-fallback}` replaced and each `${SERVER}` line repeated per entry of SERVERS. */
export function renderTemplate(template: string, env: Record<string, string | undefined>): string;
