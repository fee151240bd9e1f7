import { ROLES, type Role } from '@linkup/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { useSetRoles } from '@/features/moderation/api/set-roles';
import { callErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const ROLE_LABELS: Record<Role, string> = { moderator: 'Moderator', admin: 'Admin' };

/** An admin's control of a member's staff roles (issue 30); every change is in the audit log. */
export function RoleEditor({ memberId, roles }: { memberId: string; roles: readonly string[] }) {
  const [chosen, setChosen] = useState<Role[]>(ROLES.filter((r) => roles.includes(r)));
  const [error, setError] = useState<string | undefined>();
  const save = useSetRoles();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save.mutate({ memberId, roles: chosen }, {
      onSuccess: () => toast.success('Roles saved.'),
      onError: (e) => setError(callErrorMessage(e, 'The roles could not be saved.')),
    });
  }

  return (
    <form className="moderation-panel" onSubmit={onSubmit} aria-label="Roles">
      <fieldset className="moderation-fieldset">
        <legend>Roles</legend>
        {ROLES.map((role) => (
          <label key={role} className="moderation-radio">
            <input
              type="checkbox"
              checked={chosen.includes(role)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, role] : c.filter((r) => r !== role)))}
            />
            {ROLE_LABELS[role]}
          </label>
        ))}
      </fieldset>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Button type="submit" label="Save roles" loading={save.isPending} />
    </form>
  );
}
