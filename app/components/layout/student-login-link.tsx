import { studentLoginHref, type PublicSettings } from "~/lib/site/settings";

const messages = { login: "Login" };

/** Login, to the students' site (spec §2): in the header, and in the mobile menu. */
export function StudentLoginLink({ settings, className }: { settings: PublicSettings; className: string }) {
  return (
    <a href={studentLoginHref(settings)} rel="noopener" className={className}>
      {messages.login}
    </a>
  );
}
