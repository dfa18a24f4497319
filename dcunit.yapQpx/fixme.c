x = dt_to(x, d);
dt_pin(y, d);
done();
