-- The shoe brands Karachi shoppers name that a shop like the demo one does not carry (issue 52): the
-- high-street chains of Pakistan and the foreign sports and fashion names sold in its malls. A brand
-- nothing in the catalogue is near already found nothing, but 'stylo' was read as a typo of 'style'
-- and showed sneakers; as a brand the page says the shop does not carry it. The owner deletes a word
-- at /admin/searches when the shop starts selling the brand; ON CONFLICT DO NOTHING only adds.
INSERT INTO "not_sold_words" ("word", "kind") VALUES
	('bata', 'brand'), ('servis', 'brand'), ('stylo', 'brand'), ('borjan', 'brand'), ('ndure', 'brand'),
	('ecs', 'brand'), ('metro', 'brand'), ('urbansole', 'brand'), ('insignia', 'brand'), ('hushpuppies', 'brand'),
	('nike', 'brand'), ('adidas', 'brand'), ('puma', 'brand'), ('reebok', 'brand'), ('skechers', 'brand'),
	('crocs', 'brand'), ('vans', 'brand'), ('converse', 'brand'), ('clarks', 'brand'), ('asics', 'brand'),
	('fila', 'brand'), ('gucci', 'brand'), ('zara', 'brand')
ON CONFLICT DO NOTHING;
