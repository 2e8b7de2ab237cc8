package views

// The words of each confirmation: what the action is and what it breaks.

// ConfirmClientDelete asks before a client is deleted.
func ConfirmClientDelete(id, name string) AdminConfirm {
	return AdminConfirm{Heading: "Delete client " + name + "?", Button: "Delete client " + id,
		Cancel: "/admin/clients/" + id, Breaks: []string{
			"Every access and refresh token of " + name + " is revoked on every instance.",
			"Its integrations stop: token requests with its id and secret are refused.",
			"Its widget links, callbacks and settings are removed.",
		}}
}

// ConfirmSecretRotate asks before a client's secret is replaced.
func ConfirmSecretRotate(id, name string) AdminConfirm {
	return AdminConfirm{Heading: "Rotate the secret of " + name + "?", Button: "Rotate the secret",
		Cancel: "/admin/clients/" + id, Grace: true, Breaks: []string{
			"A new secret is shown once; Openbank keeps only its digest.",
			"Integrations still using the old secret are refused once it stops: choose a grace period below if " +
				name + " is live.",
			"Tokens already issued stay valid.",
		}}
}

// ConfirmUserDelete asks before a user is deleted.
func ConfirmUserDelete(name string) AdminConfirm {
	return AdminConfirm{Heading: "Delete user " + name + "?", Button: "Delete user " + name, Cancel: "/admin/users",
		Breaks: []string{
			name + " is signed out everywhere and can no longer sign in.",
			"Every grant and refresh token of " + name + " is revoked: applications they allowed lose access.",
		}}
}

// ConfirmConsentRevoke asks before a showcase consent is revoked.
func ConfirmConsentRevoke(showcase, id, username string) AdminConfirm {
	return AdminConfirm{Heading: "Revoke sharing " + id + " of " + showcase + "?", Button: "Revoke sharing " + id,
		Cancel: "/admin/showcases/" + showcase, Breaks: []string{
			username + " can no longer see showcase " + showcase + " or its reminders.",
		}}
}

// ConfirmShowcaseDelete asks before a showcase is deleted.
func ConfirmShowcaseDelete(name string) AdminConfirm {
	return AdminConfirm{Heading: "Delete showcase " + name + "?", Button: "Delete showcase " + name,
		Cancel: "/admin/showcases/" + name, Breaks: []string{
			"The showcase, its reminders and every sharing of it are removed.",
		}}
}

// ConfirmFamilyRevoke asks before a refresh-token family is revoked.
func ConfirmFamilyRevoke(id string) AdminConfirm {
	return AdminConfirm{Heading: "Revoke this refresh-token family?", Button: "Revoke", Cancel: "/admin/users#families",
		Breaks: []string{
			"Its refresh tokens stop at once and its access tokens on every instance: the application must ask the user again.",
		}}
}

// ConfirmConnectionDelete asks before a bank connection is deleted.
func ConfirmConnectionDelete(client, id string) AdminConfirm {
	return AdminConfirm{Heading: "Delete connection " + id + "?", Button: "Delete connection " + id,
		Cancel: "/admin/aggregation/" + client + "/connections/" + id, Breaks: []string{
			"Its accounts and transactions are deleted; the client can no longer fetch them.",
		}}
}
