package i18n

// Languages are the BCP 47 tags of the catalogues, the default first. A
// new language is its catalogue file (catalogues/<tag>.json) and a line here.
var Languages = []string{
	"en",
	"fr",
	"de",
	"es",
	"it",
	"nl",
}

// Default is the language of a page when nothing asks for another.
const Default = "en"
