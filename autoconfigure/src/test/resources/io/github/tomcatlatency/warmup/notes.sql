insert into note (id, text) values (1, 'first');
insert into note (id, text) values (2, 'second');
