/** How the screen names the engine that answers: honest about the built-in analyst. */
import type { AiStatus } from '../../data/aiChat';

const MODEL_NAMES: Record<string, string> = { 'gemini-2.5-flash': 'Gemini 2.5 Flash' };

export function engineDescription(status: AiStatus | undefined): { name: string; text: string } {
  if (!status) return { name: 'Assistant', text: 'Connecting to the assistant…' };
  if (status.engine === 'builtin') {
    return {
      name: 'Built-in analyst',
      text: "Answered by the built-in analyst: rules over your site's own figures and the pattern library, not a language model (no AI model is configured).",
    };
  }
  const name = MODEL_NAMES[status.model] ?? status.model;
  return { name, text: `Runs on ${name}, grounded in your site's own figures.` };
}
