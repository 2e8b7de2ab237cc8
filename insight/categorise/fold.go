package categorise

// foldRune folds a non-ASCII character to the ASCII letters banks print for it: accented
// Latin letters to their base letter ("É" "E", "Ñ" "N", "Ç" "C"), the German umlauts and
// "ß" as German transliterates them ("Ü" "UE", "ß" "SS", as SEPA text and German exports
// print them), ligatures to two letters ("Œ" "OE"); typographic apostrophes to "'"; anything
// else to "" (a separator).
func foldRune(r rune) string {
	switch {
	case r >= 0xC0 && r <= 0xFF:
		return latin1Fold[r-0xC0]
	case r >= 0x100 && r <= 0x17F:
		return latinExtFold[r-0x100]
	case r == 0x2019 || r == 0x2018 || r == 0x02BC || r == 0x00B4:
		return "'"
	}
	return ""
}

// latin1Fold folds U+00C0 to U+00FF.
var latin1Fold = [64]string{
	"A", "A", "A", "A", "AE", "A", "AE", "C", "E", "E", "E", "E", "I", "I", "I", "I", // À Á Â Ã Ä Å Æ Ç È É Ê Ë Ì Í Î Ï
	"D", "N", "O", "O", "O", "O", "OE", "", "O", "U", "U", "U", "UE", "Y", "TH", "SS", // Ð Ñ Ò Ó Ô Õ Ö × Ø Ù Ú Û Ü Ý Þ ß
	"A", "A", "A", "A", "AE", "A", "AE", "C", "E", "E", "E", "E", "I", "I", "I", "I", // à á â ã ä å æ ç è é ê ë ì í î ï
	"D", "N", "O", "O", "O", "O", "OE", "", "O", "U", "U", "U", "UE", "Y", "TH", "Y", // ð ñ ò ó ô õ ö ÷ ø ù ú û ü ý þ ÿ
}

// latinExtFold folds U+0100 to U+017F (Latin Extended-A), pairs of capital and small letters.
var latinExtFold = [128]string{
	"A", "A", "A", "A", "A", "A", "C", "C", "C", "C", "C", "C", "C", "C", "D", "D", // Ā ā Ă ă Ą ą Ć ć Ĉ ĉ Ċ ċ Č č Ď ď
	"D", "D", "E", "E", "E", "E", "E", "E", "E", "E", "E", "E", "G", "G", "G", "G", // Đ đ Ē ē Ĕ ĕ Ė ė Ę ę Ě ě Ĝ ĝ Ğ ğ
	"G", "G", "G", "G", "H", "H", "H", "H", "I", "I", "I", "I", "I", "I", "I", "I", // Ġ ġ Ģ ģ Ĥ ĥ Ħ ħ Ĩ ĩ Ī ī Ĭ ĭ Į į
	"I", "I", "IJ", "IJ", "J", "J", "K", "K", "K", "L", "L", "L", "L", "L", "L", "L", // İ ı Ĳ ĳ Ĵ ĵ Ķ ķ ĸ Ĺ ĺ Ļ ļ Ľ ľ Ŀ
	"L", "L", "L", "N", "N", "N", "N", "N", "N", "N", "N", "N", "O", "O", "O", "O", // ŀ Ł ł Ń ń Ņ ņ Ň ň ŉ Ŋ ŋ Ō ō Ŏ ŏ
	"O", "O", "OE", "OE", "R", "R", "R", "R", "R", "R", "S", "S", "S", "S", "S", "S", // Ő ő Œ œ Ŕ ŕ Ŗ ŗ Ř ř Ś ś Ŝ ŝ Ş ş
	"S", "S", "T", "T", "T", "T", "T", "T", "U", "U", "U", "U", "U", "U", "U", "U", // Š š Ţ ţ Ť ť Ŧ ŧ Ũ ũ Ū ū Ŭ ŭ Ů ů
	"U", "U", "U", "U", "W", "W", "Y", "Y", "Y", "Z", "Z", "Z", "Z", "Z", "Z", "S", // Ű ű Ų ų Ŵ ŵ Ŷ ŷ Ÿ Ź ź Ż ż Ž ž ſ
}
