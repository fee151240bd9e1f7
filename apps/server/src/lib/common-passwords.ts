/**
 * Passwords that appear at the top of every breach list (NCSC / SecLists "most common"), plus
 * product-specific ones. A new password equal to one of these (case-insensitive) is refused.
 */
const LIST = `
123456 123456789 12345678 password qwerty123 qwerty1 111111 12345 secret 123123 1234567890 1234567
000000 qwerty abc123 password1 iloveyou 654321 666666 987654321 123321 1q2w3e4r 1qaz2wsx qwertyuiop
123qwe zxcvbnm 7777777 888888 121212 112233 123abc 1234qwer 11111111 88888888 00000000 12341234
12344321 147258369 159753 159357 147258 112233445566 123654 741852963 789456123 789456 987654
password123 password12 password1234 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd passpass welcome
welcome1 welcome123 letmein letmein1 trustno1 monkey dragon master sunshine princess football baseball
shadow superman batman michael jennifer jordan23 hunter2 hunter ranger buster soccer hockey killer
charlie thomas daniel jessica ashley bailey access access14 flower hello hello123 freedom whatever
qazwsx qwe123 asdfgh asdfghjkl asdf1234 zaq12wsx 1qazxsw2 q1w2e3r4 q1w2e3r4t5 qweasdzxc 1q2w3e 1q2w3e4r5t
loveme lovely love123 iloveu iloveyou1 iloveyou2 babygirl baby123 angel angel1 mustang starwars
computer internet samsung apple123 google login admin admin123 administrator root toor changeme
default guest test test123 testing 123test demo demo123 user user123 abcdef abcd1234 abc12345
aaaaaa aaaaaaaa zzzzzz qqqqqq 121212121 131313 123qweasd qwer1234 azerty azertyuiop 1234abcd
summer summer2024 summer2025 summer2026 winter spring autumn monday friday january 2024 2025 2026
football1 chocolate cookie banana cheese pepper orange purple yellow silver golden diamond
secret123 mypassword mypass nopassword passw0rd1 password! password1! qwerty! 123456a a123456
123456789a 1234567a aa123456 a12345678 abc123456 123456abc 1password 12qwaszx qweqwe asdasd
zxczxc 123123123 456456 789789 159159 258258 147147 100200 5201314 woaini1314 11223344
india123 pakistan liverpool chelsea arsenal manchester barcelona realmadrid southafrica
soweto jozi mzansi capetown durban pretoria johannesburg springbok bafana
linkup linkup1 linkup123 dating dating123 tinder tinder123 match123 lovelove sexy sexy123
single single123 hottie hotstuff babe babe123 darling sweetheart honey honey123
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** True when the password is one everybody tries first, or only repeats one character. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || /^(.)\1*$/.test(lower);
}
