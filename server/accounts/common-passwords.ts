// The most common passwords of public breach lists (8 characters or more: shorter ones are
// refused by length already), plus a few that this shop's customers would guess first.
// Compared case-insensitively.
const LIST = `
12345678 123456789 1234567890 12345678910 123123123 123451234 1234512345 123456123 123456654321
11111111 111111111 1111111111 00000000 000000000 0000000000 88888888 99999999 66666666 22222222
55555555 77777777 12121212 11223344 112233445566 13131313 10203040 87654321 987654321 9876543210
147258369 159357456 123654789 147852369 741852963 963852741 123qweasd 1qaz2wsx 1q2w3e4r 1q2w3e4r5t
1q2w3e4r5t6y qwertyui qwertyuiop qwerty123 qwerty1234 qwerty12 qwertyu1 1qazxsw2 zaq12wsx zaq1zaq1
asdfghjk asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 zxcvbnma qazwsxedc qweasdzxc password password1
password12 password123 password1234 password! passw0rd p@ssw0rd p@ssword pa55word pass1234 passpass
password01 mypassword newpassword thepassword yourpassword adminadmin admin123 admin1234
administrator root1234 welcome1 welcome123 welcome12 letmein1 letmein123 iloveyou iloveyou1
iloveyou2 iloveyou123 loveyou1 lovelove lovely123 sunshine sunshine1 princess princess1 football
football1 baseball basketball superman batman123 starwars master123 trustno1 whatever
computer internet michael1 jennifer jordan23 charlie1 chocolate sweetheart butterfly
babygirl1 monkey123 dragon123 shadow123 freedom1 changeme changeme123 secret123 abc12345
abcd1234 abcdefgh abcdefg1 abc123456 aa123456 a1234567 a12345678 aa112233 q1w2e3r4 qwer1234
11qq22ww samsung1 samsung123 google123 facebook instagram whatsapp nokia123 iphone123
computer1 princess123 pokemon1 naruto123 minecraft fortnite cricket1 cricket123 pakistan
pakistan1 pakistan123 pakistan786 karachi1 karachi123 lahore123 islamabad allah786 bismillah
786786786 78678678 muhammad1 mohammad1 muhammad123 pakistani zindabad 12345678a 123456789a
azerty123 azertyuiop 1234qwer qwer4321 password2 password3 password7 password9
superman1 spiderman iloveu123 hello123 hello1234 hellohello goodluck1 summer2024 winter2024
spring2024 december1 november1 august2024 january1 letmein12 flower123 monkey12 loveme123
00001111 abcabc123 a1b2c3d4 asdasdasd qweqweqwe zxczxczxc
shoeshop shoeshop1 shoeshop123 shoes123 sneakers sneakers1 chappal1 peshawari
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
