import { useNavigation } from "react-router";

/**
 * True while a form posting to `action` (default: this page) is being sent as a navigation, as
 * the sign-in screens' forms are; `intent` picks one of several forms of a page.
 */
export function useSubmitting(action?: string, intent?: string) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (action && navigation.formAction !== action) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
