package report

// AccountKindName lets the external tests tell a labelled account's name
// from the name given to an account of its kind.
var AccountKindName = accountKindName

// CategoryLabel lets the external tests check that every category has a name.
var CategoryLabel = categoryLabel
